import { SecurityForm } from '../../../features/auth/components/security-form';
import { useProfileUser } from './layout';

export function SecurityPage() {
  return <SecurityForm user={useProfileUser()} />;
}

export { SecurityPage as Component };
