/** The product's name, as the web shows it and authenticator apps list it. */
export const APP_NAME = 'AuditDesk'
export const SUPPORT_EMAIL = 'support@auditdesk.app'
