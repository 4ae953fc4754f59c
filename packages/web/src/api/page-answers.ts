/** The element in which the server hands the page answers to the calls the app makes first. */
export const PAGE_ANSWERS_ID = 'rl-page-answers';

/**
 * An answer the server put into the page: the search of a first paint it rendered
 * (first-paint/), so that the app's first render shows the same results without asking again.
 */
interface PageAnswer {
  method: 'GET' | 'POST';
  path: string;
  body: unknown;
  status: number;
  answer: unknown;
  country: string | null;
}

/** What a call receives from a page answer: the shape of an answer off the network. */
export interface PageAnswerText {
  status: number;
  text: string;
  country: string | null;
}

let answers: PageAnswer[] | null = null;

function isPageAnswer(value: unknown): value is PageAnswer {
  const entry = value as Partial<PageAnswer> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    (entry.method === 'GET' || entry.method === 'POST') &&
    typeof entry.path === 'string' &&
    typeof entry.status === 'number' &&
    (typeof entry.country === 'string' || entry.country === null)
  );
}

function readAnswers(): PageAnswer[] {
  if (typeof document === 'undefined') return [];
  // They were answered for the state of the first paint: where this browser does not show the
  // paint (index.html's first script), it is in another state, and asks the server itself.
  const paint = document.documentElement.getAttribute('data-first-paint');
  const text = document.getElementById(PAGE_ANSWERS_ID)?.textContent;
  if (!paint || paint === 'off' || !text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isPageAnswer) : [];
  } catch {
    return [];
  }
}

/**
 * The page's answer to this call, once (the same call again asks the server), or null. The caller
 * checks it against the contract like any answer.
 */
export function takePageAnswer(method: 'GET' | 'POST', path: string, body: unknown): PageAnswerText | null {
  answers ??= readAnswers();
  const wanted = JSON.stringify(body ?? {});
  const index = answers.findIndex(
    (entry) => entry.method === method && entry.path === path && JSON.stringify(entry.body ?? {}) === wanted,
  );
  if (index < 0) return null;
  const [found] = answers.splice(index, 1);
  return { status: found!.status, text: JSON.stringify(found!.answer), country: found!.country };
}

/** Drops the answers not taken: once the app runs, every call asks the server. */
export function forgetPageAnswers(): void {
  answers = [];
}
