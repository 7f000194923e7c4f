/** Placeholder for the assets screen until its feature lands. */
import { PlaceholderPage } from '../../../components/placeholder-page';

export default function AssetsPage() {
  return <PlaceholderPage screen="assets" />;
}
