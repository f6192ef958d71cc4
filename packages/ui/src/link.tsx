/**
 * react-router's Link (a real href, a new tab on ctrl-click, in-place navigation otherwise), from
 * the one shared router copy. Every app's unsaved-changes guards are asked first (navigation.tsx).
 */
export { Link, type LinkProps } from 'react-router-dom';
