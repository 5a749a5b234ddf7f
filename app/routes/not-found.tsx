import { data } from "react-router";

/** Unknown paths: the root error boundary renders 'Page not found: {path}' with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export async function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
