import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A new page starts at its top (issue 15 item 9): the browser keeps the scroll position of the
 * page left, so without this the next page's title sat under the sticky top bar and menu.
 * `keys` lists the query parameters that make another page too (e.g. the user and role views).
 */
export function ScrollToTop({ keys = ['view', 'name'] }: { keys?: string[] }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const page = [pathname, ...keys.map((k) => params.get(k) ?? '')].join('\u0000');
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [page]);
  return null;
}
