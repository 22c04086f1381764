// What other parts of the app use of this feature: the page a member held by the company's
// two-factor policy sees instead of the app.
export { MfaSetupRequiredPage } from './pages/mfa-setup-required-page'
