import { Outlet, useNavigation } from 'react-router';
import { Header } from '../components/Header';
import { FlashBar, FlashProvider } from '../state/flash';

export function Layout() {
  const navigation = useNavigation();
  return (
    <FlashProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
      <FlashBar />
    </FlashProvider>
  );
}
