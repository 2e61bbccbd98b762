import { useEffect } from 'react';
import { logout } from '../../app/session';
import { PageLoader } from '../../ui/page-loader';

/** /logout: signs out and goes to login. */
export function LogoutPage() {
  useEffect(() => {
    void logout(null);
  }, []);
  return <PageLoader />;
}
