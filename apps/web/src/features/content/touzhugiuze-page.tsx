import { ContentPage } from './content-page';

/** /user/touzhugiuze: general betting rules. */
export default function TouzhugiuzePage() {
  return <ContentPage contentKey="betting_rules" />;
}
