import { apiTokensApi } from './api-tokens'
import { authApi } from './auth'
import { invitationsApi, organizationApi, usersApi } from './administration'
import { activityApi, auditsApi, clientsApi, dashboardApi, projectsApi } from './engagements'
import { importsApi } from './imports'
import { mfaApi } from './mfa'
import { myWorkApi } from './my-work'
import { passkeysApi } from './passkeys'
import { preparedFilesApi } from './prepared-files'
import { reportsApi } from './reports'
import { eventsApi, notificationPreferencesApi, notificationsApi, remindersApi } from './reminders'
import { filesApi, requestsApi, reviewQueueApi } from './requests'
import { singleSignOnApi } from './single-sign-on'
import { systemApi } from './system'
import { templateLibraryApi } from './template-library'
import { categoriesApi, templateItemsApi, templatesApi } from './templates'
import { searchApi } from './search'
import { webhooksApi } from './webhooks'
import type { ApiRoute } from './route'

export * from './route'
export {
  activityApi,
  apiTokensApi,
  auditsApi,
  authApi,
  categoriesApi,
  clientsApi,
  dashboardApi,
  eventsApi,
  filesApi,
  importsApi,
  invitationsApi,
  mfaApi,
  myWorkApi,
  notificationPreferencesApi,
  notificationsApi,
  organizationApi,
  passkeysApi,
  preparedFilesApi,
  projectsApi,
  remindersApi,
  reportsApi,
  requestsApi,
  reviewQueueApi,
  searchApi,
  singleSignOnApi,
  systemApi,
  templateItemsApi,
  templateLibraryApi,
  templatesApi,
  usersApi,
  webhooksApi,
}

/** Every route of the API: the server registers exactly these (a test holds it to that). */
export const apiRoutes: readonly ApiRoute[] = [
  systemApi,
  authApi,
  mfaApi,
  passkeysApi,
  apiTokensApi,
  organizationApi,
  singleSignOnApi,
  usersApi,
  invitationsApi,
  dashboardApi,
  activityApi,
  clientsApi,
  projectsApi,
  auditsApi,
  reportsApi,
  preparedFilesApi,
  requestsApi,
  importsApi,
  reviewQueueApi,
  myWorkApi,
  filesApi,
  templatesApi,
  templateItemsApi,
  templateLibraryApi,
  categoriesApi,
  remindersApi,
  notificationPreferencesApi,
  notificationsApi,
  eventsApi,
  webhooksApi,
  searchApi,
].flatMap((group) => Object.values(group))
