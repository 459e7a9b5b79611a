import './money-pages.css';
import { AddMoneyForm } from '../../../features/wallet/components/add-money-form';

export function AddMoneyPage() {
  return <AddMoneyForm />;
}

export { AddMoneyPage as Component };
