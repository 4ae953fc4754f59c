import type { DmcaComplaint, DmcaListResponse } from '@rl/contract';

let counter = 0;

/** A complaint as `/api/manage/dmca/list` answers it (contract DmcaComplaint). */
export function buildComplaint(overrides: Partial<DmcaComplaint> = {}): DmcaComplaint {
  counter += 1;
  return {
    id: `dmca_${counter}`,
    status: 'received',
    first_name: 'Jane',
    last_name: 'Holder',
    address: '1 Main Street',
    copyright_holder: 'Holder Publishing',
    city: 'Springfield',
    state: 'IL',
    country: 'United States',
    zip_code: '62701',
    phone: '+1 555 0100',
    email: 'jane@example.com',
    filename: 'rates-outlook.pdf',
    description: 'This report copies our research.',
    signature: 'Jane Holder',
    file_id: null,
    file_title: null,
    file_taken_down_time: null,
    notes: '',
    ip: '203.0.113.9',
    created_time: '2025-04-01T09:00:00Z',
    updated_time: '2025-04-01T09:00:00Z',
    handled_by: null,
    ...overrides,
  };
}

export function buildComplaintList(items: DmcaComplaint[], total = items.length): DmcaListResponse {
  return { items, total_items: total, page_id: 1, page_length: 20 };
}
