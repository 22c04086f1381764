export { authKeys } from '@/lib/query-keys'
