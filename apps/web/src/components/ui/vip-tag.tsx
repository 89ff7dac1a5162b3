import './vip-tag.css';

/** "VIP3" in gold beside the player's name (/user's header, the profile). */
export function VipTag({ level }: { level: number }) {
  return <span className="vip-tag">VIP{level}</span>;
}
