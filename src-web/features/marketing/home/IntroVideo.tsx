import { useState } from 'react';
import home from '../../../../content/marketing/home.json';
import { PlayIcon } from '../../../components/icons.tsx';
import { usePublicConfig } from '../../../components/public-config.ts';
import shared from '../shared/marketing.module.css';
import styles from './HomePage.module.css';

/** The configured player URL with autoplay on: it only loads after the visitor's click. */
function autoplayUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('autoplay', '1');
  return parsed.href;
}

/**
 * The intro video: a light poster image until clicked, then the embedded player, playing.
 * The player (and its third-party scripts) never loads for visitors who do not ask for it.
 */
export function IntroVideo() {
  const [playing, setPlaying] = useState(false);
  const config = usePublicConfig();
  const { video } = home;

  let frame;
  if (!playing) {
    frame = (
      <button type="button" className={styles.poster} onClick={() => setPlaying(true)} aria-label={video.playLabel}>
        <img src="/images/marketing/video-poster.svg" alt="" width={960} height={540} />
        <span className={styles.play}>
          <PlayIcon size={40} />
        </span>
      </button>
    );
  } else if (config.status === 'ready') {
    frame = (
      <iframe
        className={styles.player}
        src={autoplayUrl(config.config.marketing.introVideoUrl)}
        title={video.playerTitle}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  } else {
    frame = (
      <p className={styles.videoError} role="status">
        {config.status === 'loading' ? 'Loading the video…' : 'The video could not be loaded. Please try again later.'}
      </p>
    );
  }

  return (
    <section className={styles.video} aria-labelledby="video-heading">
      <h2 id="video-heading" className={shared.sectionHeading}>
        {video.heading}
      </h2>
      <p className={shared.sectionIntro}>{video.text}</p>
      <div className={styles.videoFrame}>{frame}</div>
    </section>
  );
}
