import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface OrderSelectProps<Order extends string> {
  value: Order;
  orders: readonly Order[];
  /** The translated name of an order. */
  labelFor: (order: Order) => string;
  onChange: (order: Order) => void;
}

export function OrderSelect<Order extends string>({ value, orders, labelFor, onChange }: OrderSelectProps<Order>) {
  const { t } = useTranslation();
  const selectId = useId();
  return (
    <div className="order-select">
      <label className="filter-label" htmlFor={selectId}>
        {t('catalog.sortBy')}
      </label>
      <span className="select-wrap">
        <select id={selectId} className="select" value={value} onChange={(event) => onChange(event.target.value as Order)}>
          {orders.map((order) => (
            <option key={order} value={order}>
              {labelFor(order)}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
