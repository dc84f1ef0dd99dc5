import { useEffect } from 'react';

const SKIPPED = new Set(['checkbox', 'radio', 'file', 'hidden', 'button', 'submit', 'reset', 'image']);

/**
 * A field of a prerendered form takes what was typed (or autofilled) into it before the page was
 * hydrated. Hydration keeps the text on screen but not in React's state, so a form sent as it is
 * would be sent empty. Each such field reports the change as typing would (the setter React
 * watches takes the rendered value, the element's own setter the typed one, then an input event),
 * and the form's onChange runs. Checkboxes need nothing: a tap on one before hydration is held and
 * replayed (event-replay.ts).
 */
export function adoptTypedValues(root: ParentNode) {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    // React renders a controlled field's value into its default value: a difference was typed.
    if (SKIPPED.has(field.type) || field.value === field.defaultValue) continue;
    const typed = field.value;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * On a hydrated screen: its effects run before the page's replay of held taps (prerender/
 * hydrate-public-page.tsx), so a send held before hydration finds what was typed. A screen the app
 * renders itself has nothing typed yet, and this finds nothing to do.
 */
export function useAdoptTypedValues() {
  useEffect(() => adoptTypedValues(document.getElementById('root') ?? document), []);
}
