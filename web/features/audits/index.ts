// What other features use of this one.
export { AwaitingReview } from './components/awaiting-review'
