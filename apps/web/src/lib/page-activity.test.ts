import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFormActivity, isFormInProgress, resetFormActivity, subscribeFormActivity } from './form-activity';
import { installMediaActivity, isVideoPlaying, resetMediaActivity, subscribeMediaActivity, watchedSecondsThisSession } from './media-activity';

function video(): HTMLVideoElement {
  const element = document.createElement('video');
  document.body.append(element);
  return element;
}
function setPlaying(element: HTMLVideoElement, playing: boolean) {
  Object.defineProperty(element, 'paused', { configurable: true, value: !playing });
  element.dispatchEvent(new Event(playing ? 'play' : 'pause'));
}

beforeEach(() => {
  document.body.innerHTML = '';
  resetMediaActivity();
  resetFormActivity();
  installMediaActivity();
  installFormActivity();
});
afterEach(() => vi.restoreAllMocks());

describe('media activity: any <video> on the page, heard at the document', () => {
  it('is playing between play and pause, and tells its listeners', () => {
    const listener = vi.fn();
    subscribeMediaActivity(listener);
    const element = video();
    expect(isVideoPlaying()).toBe(false);
    setPlaying(element, true);
    expect(isVideoPlaying()).toBe(true);
    setPlaying(element, false);
    expect(isVideoPlaying()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('stops counting a video that left the page while playing', () => {
    const element = video();
    setPlaying(element, true);
    element.remove();
    expect(isVideoPlaying()).toBe(false);
  });

  it('ignores a decorative clip marked data-media-activity="ignore"', () => {
    const element = video();
    element.dataset.mediaActivity = 'ignore';
    setPlaying(element, true);
    expect(isVideoPlaying()).toBe(false);
  });

  it('adds up only the time a video played, across page loads of the session', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const element = video();
    setPlaying(element, true);
    now = 20_000;
    expect(watchedSecondsThisSession()).toBe(20);
    setPlaying(element, false);
    now = 90_000;
    expect(watchedSecondsThisSession()).toBe(20);
    setPlaying(element, true);
    now = 95_000;
    setPlaying(element, false);
    expect(watchedSecondsThisSession()).toBe(25);
    expect(sessionStorage.getItem('velora:watched-ms')).toBe('25000');
  });
});

describe('form activity: filling in a form', () => {
  const type = (input: HTMLInputElement | HTMLTextAreaElement, value: string) => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };

  it.each([
    ['nothing focused', '<input>', null, false],
    ['focus in an empty field', '<input>', 'input', false],
    ['focus in a field with text', '<input value="x">', 'input', true],
    ['focus in a textarea with text', '<textarea>hi</textarea>', 'textarea', true],
    ['focus on a checkbox', '<input type="checkbox" checked>', 'input', false],
    ['focus on a button', '<button>Go</button>', 'button', false],
  ] as const)('%s → %s', (_case, html, focus, expected) => {
    document.body.innerHTML = html;
    if (focus) document.querySelector<HTMLElement>(focus)!.focus();
    expect(isFormInProgress()).toBe(expected);
  });

  it('a form typed into stays in progress after focus leaves, until it is sent, reset, emptied or gone', () => {
    document.body.innerHTML = '<form><input name="a"><button>Send</button></form>';
    const form = document.querySelector('form')!;
    const input = document.querySelector('input')!;
    input.focus();
    type(input, 'Hello');
    input.blur();
    expect(isFormInProgress()).toBe(true);
    form.dispatchEvent(new Event('submit', { bubbles: true }));
    expect(isFormInProgress()).toBe(false);

    type(input, 'Again');
    expect(isFormInProgress()).toBe(true);
    type(input, '');
    expect(isFormInProgress()).toBe(false);

    type(input, 'Once more');
    form.remove();
    expect(isFormInProgress()).toBe(false);
  });

  it('tells its listeners when filling in starts and ends', async () => {
    document.body.innerHTML = '<form><input></form>';
    const listener = vi.fn();
    subscribeFormActivity(listener);
    const input = document.querySelector('input')!;
    type(input, 'x');
    await Promise.resolve();
    document.querySelector('form')!.dispatchEvent(new Event('reset', { bubbles: true }));
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
