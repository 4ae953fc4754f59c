/**
 * "Remember password" through the browser's own credential store (Credential Management API,
 * where the browser has it): the password is kept by the browser's password manager, never by
 * this app's storage. Browsers without the API still offer to save it from the form's
 * autocomplete attributes.
 */

interface PasswordCredentialInit {
  id: string;
  password: string;
  name?: string;
}
type PasswordCredentialConstructor = new (init: PasswordCredentialInit) => Credential;
interface StoredPassword {
  id: string;
  password: string;
}

function passwordCredentialClass(): PasswordCredentialConstructor | null {
  const candidate = (window as unknown as { PasswordCredential?: PasswordCredentialConstructor })
    .PasswordCredential;
  return typeof candidate === 'function' && typeof navigator.credentials?.store === 'function'
    ? candidate
    : null;
}

/** Hands the login to the browser's password manager (it may ask the user first). */
export async function storeBrowserCredential(id: string, password: string): Promise<void> {
  const PasswordCredential = passwordCredentialClass();
  if (!PasswordCredential || !id || !password) return;
  try {
    await navigator.credentials.store(new PasswordCredential({ id, password, name: id }));
  } catch {
    // Refused or unavailable: the browser's own "save password?" prompt still applies.
  }
}

/** The login the browser keeps for this site, if it gives one without asking (null otherwise). */
export async function readBrowserCredential(): Promise<StoredPassword | null> {
  if (!passwordCredentialClass() || typeof navigator.credentials.get !== 'function') return null;
  try {
    const found = (await navigator.credentials.get({
      password: true,
      mediation: 'silent',
    } as CredentialRequestOptions)) as Partial<StoredPassword> | null;
    return found && typeof found.id === 'string' && typeof found.password === 'string'
      ? { id: found.id, password: found.password }
      : null;
  } catch {
    return null;
  }
}
