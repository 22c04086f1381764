// What the app shell uses of this feature.
export { SearchButton } from './components/search-button'
