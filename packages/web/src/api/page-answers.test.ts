import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_CRITERIA, toSearchRequest } from '../stores/search-criteria';

/** The answers a first paint's page holds, read once per page (a fresh module per test). */
const SEARCH = toSearchRequest(EMPTY_CRITERIA, 1);
const ANSWER = { file_list: [], total_items: 0, page_id: 1, page_length: 20, sorting: 'date_desc' };

function pageWith(paint: string | null, answers: unknown): void {
  if (paint === null) document.documentElement.removeAttribute('data-first-paint');
  else document.documentElement.setAttribute('data-first-paint', paint);
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'rl-page-answers';
  element.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  document.body.append(element);
}

async function freshModule() {
  vi.resetModules();
  return import('./page-answers');
}

describe('page answers', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => document.documentElement.removeAttribute('data-first-paint'));

  const entry = {
    method: 'POST',
    path: '/api/file/search',
    body: SEARCH,
    status: 200,
    answer: ANSWER,
    country: 'cn',
  };

  it('answers the call it was made for once, as an answer off the network', async () => {
    pageWith('default', [entry]);
    const { takePageAnswer } = await freshModule();
    expect(takePageAnswer('POST', '/api/file/search', { ...SEARCH, keyword: 'copper' })).toBeNull();
    expect(takePageAnswer('GET', '/api/file/search', SEARCH)).toBeNull();
    expect(takePageAnswer('POST', '/api/file/search', SEARCH)).toEqual({
      status: 200,
      text: JSON.stringify(ANSWER),
      country: 'cn',
    });
    expect(takePageAnswer('POST', '/api/file/search', SEARCH)).toBeNull();
  });

  it('answers nothing where the browser does not show the paint, or once the app runs', async () => {
    pageWith('off', [entry]);
    expect((await freshModule()).takePageAnswer('POST', '/api/file/search', SEARCH)).toBeNull();
    document.body.innerHTML = '';
    pageWith('default', [entry]);
    const { takePageAnswer, forgetPageAnswers } = await freshModule();
    forgetPageAnswers();
    expect(takePageAnswer('POST', '/api/file/search', SEARCH)).toBeNull();
  });

  it('ignores what is not an answer', async () => {
    pageWith('default', '{not json');
    expect((await freshModule()).takePageAnswer('POST', '/api/file/search', SEARCH)).toBeNull();
    document.body.innerHTML = '';
    pageWith('default', [
      { ...entry, method: 'DELETE' },
      { ...entry, status: '200' },
    ]);
    expect((await freshModule()).takePageAnswer('POST', '/api/file/search', SEARCH)).toBeNull();
  });
});
