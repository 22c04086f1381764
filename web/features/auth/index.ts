// What other features use of this one: signing out.
export { useLogout } from './api/logout'
