// What other features may use of this one.
export { StageBadge } from './components/stage-badge'
