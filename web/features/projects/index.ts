// What other features may use of this one.
export { useCreateProject } from './api/create-project'
