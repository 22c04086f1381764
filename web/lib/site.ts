export const APP_NAME = 'AuditDesk'
export const SUPPORT_EMAIL = 'support@auditdesk.app'
