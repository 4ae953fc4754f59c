import type { CounterNotice, DmcaComplaint, DmcaListResponse } from '@rl/contract';

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
    counter_notice: null,
    ...overrides,
  };
}

export function buildComplaintList(items: DmcaComplaint[], total = items.length): DmcaListResponse {
  return { items, total_items: total, page_id: 1, page_length: 20 };
}

/** The uploader's counter-notice as the console reads it (contract CounterNotice). */
export function buildCounterNotice(overrides: Partial<CounterNotice> = {}): CounterNotice {
  counter += 1;
  return {
    id: `cn_${counter}`,
    complaint_id: `dmca_${counter}`,
    file_id: 'f_1',
    status: 'received',
    user_id: 'u_owner',
    username: 'owner_1',
    full_name: 'Grace Hopper',
    address: '1 Compiler Lane',
    city: 'Arlington',
    country: 'United States',
    zip_code: '22201',
    phone: '+1 703 555 0100',
    email: 'grace@example.com',
    statement: 'The complaint names the wrong document.',
    signature: 'Grace Hopper',
    notes: '',
    handled_by: null,
    created_time: '2025-04-03T09:00:00Z',
    updated_time: '2025-04-03T09:00:00Z',
    ...overrides,
  };
}
