// What the app shell uses of this feature.
export { NotificationBell } from './components/notification-bell'
