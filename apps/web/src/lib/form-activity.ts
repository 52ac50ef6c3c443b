// Whether the person is filling in a form: focus is in a field with content, or a form on the page holds input not
// submitted yet. Heard once at the document ('input', 'submit', focus changes), so no form has to report anything.

const FORM_EVENTS = ['input', 'change', 'submit', 'reset', 'focusin', 'focusout'] as const;
/** Inputs whose "content" is no typing: a button, a tick, a slider. */
const NOT_TYPED = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image', 'hidden']);

const edited = new Set<HTMLFormElement>();
const listeners = new Set<() => void>();
let installedOn: Document | null = null;
let last = false;

function isTypedField(element: Element | null): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && !NOT_TYPED.has(element.type);
}

function hasContent(form: HTMLFormElement): boolean {
  for (const element of form.elements) if (isTypedField(element) && element.value.trim() !== '') return true;
  return false;
}

function compute(doc: Document): boolean {
  for (const form of edited) if (!form.isConnected || !hasContent(form)) edited.delete(form);
  if (edited.size > 0) return true;
  const focused = doc.activeElement;
  if (isTypedField(focused)) return focused.value.trim() !== '';
  if (focused instanceof HTMLElement && focused.isContentEditable) return (focused.textContent ?? '').trim() !== '';
  return false;
}

function onFormEvent(event: Event): void {
  const target = event.target;
  if (event.type === 'submit' || event.type === 'reset') {
    if (target instanceof HTMLFormElement) edited.delete(target);
  } else if ((event.type === 'input' || event.type === 'change') && target instanceof Element) {
    const form = target.closest('form');
    if (form && form.dataset.formActivity !== 'ignore' && (isTypedField(target) || target instanceof HTMLSelectElement)) edited.add(form);
  }
  // focusout fires before the next element has focus: decide once focus has moved.
  queueMicrotask(() => {
    if (!installedOn) return;
    const now = compute(installedOn);
    if (now === last) return;
    last = now;
    for (const listener of listeners) listener();
  });
}

export function installFormActivity(doc: Document = document): void {
  if (installedOn === doc) return;
  uninstallFormActivity();
  installedOn = doc;
  for (const type of FORM_EVENTS) doc.addEventListener(type, onFormEvent, true);
}

function uninstallFormActivity(): void {
  if (!installedOn) return;
  for (const type of FORM_EVENTS) installedOn.removeEventListener(type, onFormEvent, true);
  installedOn = null;
}

function ensureInstalled(): void {
  if (installedOn === null && typeof document !== 'undefined') installFormActivity(document);
}

/**
 * True while focus is in a text field (input, textarea, editable text) that holds text, or a form on the page was
 * typed into and still holds text without having been submitted or reset. Leaving the page ends it (the form is gone).
 */
export function isFormInProgress(): boolean {
  ensureInstalled();
  last = installedOn ? compute(installedOn) : false;
  return last;
}

/** Told when filling in starts or ends (forms that leave the page are noticed at the next check). */
export function subscribeFormActivity(listener: () => void): () => void {
  ensureInstalled();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: a new page. */
export function resetFormActivity(): void {
  uninstallFormActivity();
  edited.clear();
  last = false;
}
