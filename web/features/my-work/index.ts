// What other features use of this one: where the firm's people land after signing in.
export { landingAfterSignIn } from './lib/landing'
