// Where keyboard focus stands after a screen changed under it.

/**
 * True when nothing meaningful has focus: the body, or an element just removed or disabled (browsers
 * move focus off those only at their next rendering update, so they may still be reported as active).
 */
export function focusWasLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || (active as HTMLButtonElement).disabled === true;
}
