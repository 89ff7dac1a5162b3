import './avatar.css';

/** The player's avatar (a preset or an upload), or the first letter of the name when none is set. */
export function Avatar({ src, name, className }: { src: string; name: string; className: string }) {
  return (
    <div className={`avatar ${className}`} data-testid="avatar">
      {src ? <img src={src} alt="" /> : <span>{name.slice(0, 1).toUpperCase()}</span>}
    </div>
  );
}
