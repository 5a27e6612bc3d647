// Valid ARIA for react-draft-wysiwyg's markup (docs/product.md §2, axe): the library puts aria-selected on
// plain divs (toolbar options, dropdown entries), aria-expanded on a div, and aria-labels such as
// "rdw-wrapper" on elements whose role forbids a name. The editor offers no props for these, so a
// mutation observer gives each element the role its attributes need (button with aria-pressed,
// listbox options) and drops the names nobody should hear; the rendered editor is otherwise unchanged.
import { useLayoutEffect, type RefObject } from 'react';

function setAttr(el: Element, name: string, value: string) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

export function fixEditorAria(root: Element, toolbarLabel: string) {
  for (const el of root.querySelectorAll('.rdw-editor-wrapper[aria-label]')) el.removeAttribute('aria-label');
  for (const el of root.querySelectorAll('.rdw-editor-toolbar')) {
    setAttr(el, 'role', 'toolbar');
    setAttr(el, 'aria-label', toolbarLabel);
    // "false" is the only value it ever has where the toolbar is shown (toolbarOnFocus is off)
    if (el.getAttribute('aria-hidden') === 'false') el.removeAttribute('aria-hidden');
  }
  for (const el of root.querySelectorAll('.rdw-option-wrapper')) {
    setAttr(el, 'role', 'button');
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
    const selected = el.getAttribute('aria-selected');
    if (selected !== null) {
      setAttr(el, 'aria-pressed', selected);
      el.removeAttribute('aria-selected');
    }
  }
  for (const el of root.querySelectorAll('.rdw-dropdown-wrapper')) {
    setAttr(el, 'role', 'button');
    setAttr(el, 'aria-haspopup', 'listbox');
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
    // named by its visible choice ("Normal"), with the control's title after it, so the visible
    // text starts the accessible name (axe label-content-name-mismatch)
    const shown = el.querySelector('.rdw-dropdown-selectedtext')?.textContent?.trim();
    const title = el.getAttribute('title');
    const label = shown ? (title ? `${shown} — ${title}` : shown) : title;
    if (label) setAttr(el, 'aria-label', label);
  }
  // draft-js drops the textbox role when read-only but keeps its aria-label and aria-* states
  for (const el of root.querySelectorAll('.public-DraftEditor-content')) {
    if (el.getAttribute('role') !== 'textbox') el.setAttribute('role', 'textbox');
    setAttr(el, 'aria-multiline', 'true');
    if (el.getAttribute('contenteditable') !== 'true') setAttr(el, 'aria-readonly', 'true');
    else el.removeAttribute('aria-readonly');
  }
  for (const el of root.querySelectorAll('.rdw-dropdown-optionwrapper')) setAttr(el, 'role', 'listbox');
  for (const el of root.querySelectorAll('.rdw-dropdownoption-default')) {
    setAttr(el, 'role', 'option');
    setAttr(el, 'aria-selected', el.classList.contains('rdw-dropdownoption-active') ? 'true' : 'false');
  }
}

/**
 * Keeps the editor under `ref` fixed while it re-renders. A layout effect: it runs in the commit that
 * first renders the editor, before the browser paints or runs anything else, so the raw markup is
 * never what a screen reader (or axe, which the page audit once started in that gap on a loaded
 * machine) finds; later changes are fixed by the observer before the next task.
 */
export function useEditorAria(ref: RefObject<HTMLElement | null>, toolbarLabel: string, ready: boolean) {
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || !ready) return undefined;
    fixEditorAria(root, toolbarLabel);
    const observer = new MutationObserver(() => fixEditorAria(root, toolbarLabel));
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-selected', 'aria-label', 'aria-hidden', 'class', 'role', 'contenteditable'],
    });
    return () => observer.disconnect();
  }, [ref, toolbarLabel, ready]);
}
