import './money-pages.css';
import { useParams } from 'react-router-dom';
import { OrderDetail } from '../../../features/orders/components/order-detail';

/** /profile/order/{id}: one order and its timeline. */
export function OrderPage() {
  const { id = '' } = useParams();
  return <OrderDetail key={id} id={id} />;
}

export { OrderPage as Component };
