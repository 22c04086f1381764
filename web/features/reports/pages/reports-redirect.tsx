import { Navigate, useLocation } from 'react-router'

/** `/reports` is the portfolio's other address: it goes to `/audits`, its filter kept. */
export function ReportsRedirect() {
  const { search, hash } = useLocation()
  return <Navigate to={{ pathname: '/audits', search, hash }} replace />
}
