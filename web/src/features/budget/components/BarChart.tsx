/** A bar chart on Chart.js (only the parts it needs are registered); loaded with the reports page only. */
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useLocale } from '@/i18n';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  label: string;
  /** numbers for drawing only: the figures people read come from the decimal strings in the table */
  values: number[];
  colors: string | string[];
}

interface BarChartProps {
  labels: string[];
  series: BarSeries[];
  horizontal?: boolean;
  /** what the chart shows, for screen readers (the table beside it has the figures) */
  description: string;
  currency: string;
  height?: number;
}

export default function BarChart({ labels, series, horizontal = false, description, currency, height = 260 }: BarChartProps) {
  const locale = useLocale();
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const text = getComputedStyle(document.documentElement).getPropertyValue('--text').trim() || '#1f1a17';
    const grid = getComputedStyle(document.documentElement).getPropertyValue('--border').trim() || '#d9cfc7';
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels, datasets: series.map((item) => ({ label: item.label, data: item.values, backgroundColor: item.colors, borderRadius: 4 })) },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: reduceMotion ? false : undefined,
        plugins: {
          legend: { display: series.length > 1, labels: { color: text } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${money.format(Number(item.raw))}` } },
        },
        scales: {
          x: { ticks: { color: text, ...(horizontal ? { callback: (value) => money.format(Number(value)) } : {}) }, grid: { color: grid } },
          y: { ticks: { color: text, ...(horizontal ? {} : { callback: (value) => money.format(Number(value)) }) }, grid: { color: grid } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series, horizontal, currency, locale]);
  return (
    <div className="chart" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={description} />
    </div>
  );
}
