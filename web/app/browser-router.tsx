import {
  createContext,
  useContext,
  useLayoutEffect,
  useState,
  useTransition,
  type ReactNode,
} from 'react'
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router'

const history = createBrowserHistory({ v5Compat: true })

const NavigationPendingContext = createContext(false)

/**
 * React Router's <BrowserRouter> (declarative mode: ~17 KB gzip lighter than the data router),
 * keeping the transition's pending state: every location change is a transition, so the current
 * page stays on screen while the next page's code loads, and the app shell shows progress.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location })
  const [pending, startTransition] = useTransition()
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) =>
        startTransition(() => setState({ action, location })),
      ),
    [],
  )
  return (
    <NavigationPendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPendingContext>
  )
}

/** True while a navigation renders in the background (e.g. the next page's chunk loads). */
export function useNavigationPending() {
  return useContext(NavigationPendingContext)
}
