import { clearSession } from '@erp/sdk';
import { canLeave, toast, useNavigate } from '@erp/ui';
import { useCallback, useState } from 'react';
import { setCurrentUser } from '../../../current-user';
import { logout } from '../api/logout';

/** Logout (SPEC §4): revoke the session, clear everything, say so, go to '/'. */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const run = useCallback(async () => {
    // A form with unsaved changes gets its say before the session ends.
    if (!(await canLeave('/'))) return;
    setPending(true);
    try {
      await logout();
    } catch (error) {
      // The local session ends anyway; the server's copy expires on its own.
      console.warn('Logout request failed', error);
    }
    clearSession();
    setCurrentUser(null);
    setPending(false);
    toast({ title: 'Logged out successfully', variant: 'success' });
    await navigate('/', { replace: true });
  }, [navigate]);

  return { logout: run, pending };
}
