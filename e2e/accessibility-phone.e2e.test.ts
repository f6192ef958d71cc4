import { PHONE } from './lib/browser';
import { accessibilitySuite } from './lib/accessibility';

// Every screen, dialog and panel at 390 px, checked with axe-core (the desktop width is its own file,
// so the two run on two systems at once).
accessibilitySuite('phone (390 px)', PHONE);
