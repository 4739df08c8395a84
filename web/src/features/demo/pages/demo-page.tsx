import { useLocation } from 'react-router';
import { DemoApp } from '../components/demo-app';

/** /demo, /admindemo and /admindemo1: one demo app, priced by the route (DECISIONS.md). */
export default function DemoPage() {
  const { pathname } = useLocation();
  return <DemoApp pathname={pathname} />;
}
