export { APP_NAME, SUPPORT_EMAIL } from '@shared/site'
