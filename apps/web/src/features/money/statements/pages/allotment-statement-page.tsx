/** The statement of account of an allotment (its application's account), with its no-dues certificate: for its holder
 * and staff who read finance. */
import { useParams } from 'react-router';
import { StatementView } from '../components/statement-view';

export default function AllotmentStatementPage() {
  const { id = '' } = useParams();
  return <StatementView key={id} kind="allotment" id={id} />;
}
