import type { DemoState } from '../state.ts';
import type { Contact, Page } from '../types.ts';
import { sortedPage } from './paging.ts';
import { activeTerm, idsParam, itemParam, sameId, type Params } from './params.ts';

const SEARCHED: (keyof Contact)[] = ['name', 'position', 'email', 'phone', 'group'];

/** Spec section 5: contacts match on name, position, email, phone and group, case-insensitively. */
export function matchesContact(contact: Contact, term: string): boolean {
  const needle = term.toLowerCase();
  return SEARCHED.some((field) => String(contact[field]).toLowerCase().includes(needle));
}

/** GET contacts: term, sortBy, pageSize, pageIndex → page. */
export function getContacts(state: DemoState, params: Params): Page<Contact> {
  const term = activeTerm(params.term);
  const rows = term === undefined ? state.contacts : state.contacts.filter((c) => matchesContact(c, term));
  return sortedPage(rows, params);
}

/** POST contacts: new id = count + 1, appended. */
export function addContact(state: DemoState, params: Params): Page<Contact> {
  const item = itemParam<Contact>(params.item);
  state.contacts.push({ ...(item as Contact), id: state.contacts.length + 1 });
  return sortedPage(state.contacts, params);
}

/** PUT contacts: replaced by id. */
export function replaceContact(state: DemoState, params: Params): Page<Contact> {
  const item = itemParam<Contact>(params.item);
  const at = state.contacts.findIndex((c) => sameId(item.id, c.id));
  if (at >= 0) state.contacts[at] = { ...(item as Contact), id: state.contacts[at].id };
  return sortedPage(state.contacts, params);
}

/** DELETE contacts: the answer is not shown in the spec; the rows go and the page comes back. */
export function deleteContacts(state: DemoState, params: Params): Page<Contact> {
  const ids = idsParam(params.ids);
  state.contacts = state.contacts.filter((c) => !ids.some((id) => sameId(id, c.id)));
  return sortedPage(state.contacts, params);
}

/** GET users: the contact list. */
export function getUsers(state: DemoState): Contact[] {
  return state.contacts;
}
