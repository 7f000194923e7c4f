/** Placeholder for the serviceRequests screen until its feature lands. */
import { PlaceholderPage } from '../../../components/placeholder-page';

export default function ServiceRequestsPage() {
  return <PlaceholderPage screen="serviceRequests" />;
}
