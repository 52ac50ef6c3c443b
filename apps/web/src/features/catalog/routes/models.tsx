import { MODEL_ORDERS } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useModels } from '../api/get-models';
import { CatalogResults } from '../components/catalog-results';
import { ModelGrid, ModelGridSkeleton } from '@/entities/model/model-card';
import { OrderSelect } from '../components/order-select';
import type { ModelOrder } from '../list-params';
import { pageHref, readListParams, writeListParams } from '../list-params';

const DEFAULT_ORDER: ModelOrder = 'newest';

/** /models?page&order: every model, sortable; the state lives in the URL. */
export default function ModelsRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams, MODEL_ORDERS, DEFAULT_ORDER);
  const models = useModels(params);

  return (
    <div className="page">
      <header className="page-header page-header--with-tools">
        <div>
          <h1 className="page-header__title">{t('models.title')}</h1>
          <p className="page-header__subtitle">{t('models.subtitle')}</p>
        </div>
        <OrderSelect
          value={params.order}
          orders={MODEL_ORDERS}
          labelFor={(order) => t(`models.orders.${order}`)}
          // A new order starts again at page 1.
          onChange={(order) => setSearchParams((current) => writeListParams({ page: 1, order }, DEFAULT_ORDER, current))}
        />
      </header>
      <CatalogResults
        result={models}
        count={(data) => t('models.count', { count: data.total })}
        isEmpty={(data) => data.models.length === 0}
        skeleton={<ModelGridSkeleton />}
        empty={{ title: t('models.emptyTitle'), text: t('models.emptyText') }}
        errorTitle={t('models.errorTitle')}
        hrefForPage={(page) => pageHref(searchParams, page)}
      >
        {(data, busy) => <ModelGrid models={data.models} busy={busy} />}
      </CatalogResults>
    </div>
  );
}
