/**
 * The icons the content may name, imported one by one so the bundle holds only these.
 * Content modules refer to icons by name (type IconName) and stay plain data.
 */
import {
  Bell,
  BookOpen,
  CalendarCheck,
  ChartColumn,
  CircleCheck,
  Clock,
  CloudSun,
  Compass,
  Download,
  Globe,
  HandHeart,
  Heart,
  History,
  Languages,
  Lock,
  MapPin,
  Moon,
  Plane,
  RefreshCw,
  Rocket,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Sun,
  Target,
  TrendingUp,
  Users,
  Volume2,
  type LucideIcon,
} from 'lucide-react';

const icons = {
  bell: Bell,
  book: BookOpen,
  calendar: CalendarCheck,
  chart: ChartColumn,
  check: CircleCheck,
  clock: Clock,
  weather: CloudSun,
  compass: Compass,
  download: Download,
  globe: Globe,
  service: HandHeart,
  heart: Heart,
  history: History,
  languages: Languages,
  lock: Lock,
  pin: MapPin,
  moon: Moon,
  plane: Plane,
  sync: RefreshCw,
  rocket: Rocket,
  shield: ShieldCheck,
  phone: Smartphone,
  sparkles: Sparkles,
  sun: Sun,
  target: Target,
  trend: TrendingUp,
  users: Users,
  audio: Volume2,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof icons;

interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
}

/** Decorative icon: hidden from assistive technology; the surrounding text names things. */
export function Icon({ name, size = 24, className }: IconProps) {
  const Component = icons[name];
  return <Component size={size} className={className} aria-hidden="true" focusable="false" />;
}
