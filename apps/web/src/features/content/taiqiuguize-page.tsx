import { ContentPage } from './content-page';

/** /taiqiuguize: billiards betting rules. */
export default function TaiqiuguizePage() {
  return <ContentPage contentKey="taiqiu_rules" />;
}
