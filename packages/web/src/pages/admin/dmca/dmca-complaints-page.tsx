import type { DmcaComplaint, DmcaListRequest, DmcaListResponse } from '@rl/contract';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyboardScroll } from '../../../utils/use-keyboard-scroll';
import { AdminPage } from '../shared/admin-page';
import { useAdminTable } from '../shared/use-admin-table';
import { ComplaintDrawer } from './complaint-drawer';
import { dmcaApi, dmcaKeys } from '../../../api/admin/dmca-api';
import { useDmcaColumns } from './dmca-columns';
import { DMCA_FILTER_KEYS, DmcaFilters, type DmcaFilterKey } from './dmca-filters';

/** `/admin/dmca`: the DMCA complaints, newest first; a row opens the complaint to handle it. */
export function DmcaComplaintsPage() {
  const { t } = useTranslation();
  const tableRef = useKeyboardScroll(t('adminContent.dmca.title'));
  const [selected, setSelected] = useState<DmcaComplaint | null>(null);
  const table = useAdminTable<DmcaComplaint, DmcaListResponse, DmcaFilterKey>({
    queryKeys: dmcaKeys,
    filterKeys: DMCA_FILTER_KEYS,
    fetchPage: (request, signal) => dmcaApi.list(request as DmcaListRequest, { signal }),
    rowsOf: (answer) => answer.items,
    rowKey: 'id',
  });
  const columns = useDmcaColumns();
  return (
    <AdminPage
      title={t('adminContent.dmca.title')}
      testId="admin-dmca-page"
      toolbar={
        <DmcaFilters filters={table.filters} onChange={table.setFilters} onReset={table.resetFilters} />
      }
    >
      <Table<DmcaComplaint>
        ref={tableRef}
        {...table.tableProps}
        columns={columns}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('adminContent.dmca.empty') }}
        onRow={(complaint) =>
          ({
            onClick: () => setSelected(complaint),
            style: { cursor: 'pointer' },
            'data-testid': 'dmca-row',
          }) as object
        }
      />
      <ComplaintDrawer complaint={selected} onClose={() => setSelected(null)} onChanged={setSelected} />
    </AdminPage>
  );
}
