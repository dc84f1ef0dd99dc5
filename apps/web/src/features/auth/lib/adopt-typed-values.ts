import { useEffect } from 'react';

const SKIPPED = new Set(['file', 'hidden', 'button', 'submit', 'reset', 'image']);
const TICKED = new Set(['checkbox', 'radio']);

/**
 * A field of a prerendered form takes what was typed (or autofilled, or ticked) into it before the
 * page was hydrated. Hydration keeps it on screen but not in React's state, so a form sent as it is
 * would be sent empty. Each such field reports the change as the person's own would: React's value
 * tracker is told the rendered state (the element's setter), the field gets the person's again (a
 * text by the prototype's setter and an input event; a box by a click, which ticks it as the tap
 * did), and the form's onChange runs.
 */
export function adoptTypedValues(root: ParentNode) {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (SKIPPED.has(field.type)) continue;
    if (field instanceof HTMLInputElement && TICKED.has(field.type)) {
      // React renders a controlled box's state into its default state: a difference was tapped.
      // A radio left by the tap follows the one it chose: only that one reports.
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) continue;
      field.checked = field.defaultChecked;
      field.click();
      continue;
    }
    // React renders a controlled field's value into its default value: a difference was typed.
    if (field.value === field.defaultValue) continue;
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
