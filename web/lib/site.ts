export { APP_NAME } from '@shared/site'
export const SUPPORT_EMAIL = 'support@auditdesk.app'
