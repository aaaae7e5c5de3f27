set terminal pngcairo size 1260,4800 font ',10' noenhanced
set output 'plot.png'
set grid
$m0 << EOD
"M2" 0.999999921 0
EOD
$m1 << EOD
"M2" 1.99999984 0
EOD
$m2 << EOD
"M2" 0.999999921 0
EOD
$m3 << EOD
"M2" 1.99999984 0
EOD
$m4 << EOD
"M2" 7.99999937 0
EOD
$m5 << EOD
"M2" 3.99999968 0
EOD
$m6 << EOD
"M2" 1.99999984 0
EOD
$m7 << EOD
"M2" 1.99999984 0
EOD
$m8 << EOD
"M2" 1.99999984 0
EOD
$m9 << EOD
"M2" 1.99999984 0
EOD
$m10 << EOD
"M2" 2.99999976 0
EOD
$m11 << EOD
"M2" 1.99999984 0
EOD
$m12 << EOD
"M2" 17.9999986 0
EOD
$m13 << EOD
"M2" 17.9999986 0
EOD
$m14 << EOD
"M2" 18.9999985 0
EOD
$m15 << EOD
"M2" 18.9999985 0
EOD
$m16 << EOD
"M2" 22.9999982 63.5310187
EOD
$m17 << EOD
"M2" 28.9999977 0
EOD
$m18 << EOD
"M2" 50.999996 0
EOD
$m19 << EOD
"M2" 50.999996 0
EOD
$m20 << EOD
"M2" 33.9999973 0
EOD
$m21 << EOD
"M2" 33.9999973 0
EOD
$m22 << EOD
"M2" 55.9999956 0
EOD
$m23 << EOD
"M2" 55.9999956 0
EOD
$m24 << EOD
"M2" 37.999997 0
EOD
$m25 << EOD
"M2" 47.9999962 0
EOD
$m26 << EOD
"M2" 51.9999959 0
EOD
$m27 << EOD
"M2" 51.9999959 0
EOD
$m28 << EOD
"M2" 56.9999955 0
EOD
$m29 << EOD
"M2" 6309.9995 0
EOD
$m30 << EOD
"M2" 56.9999955 0
EOD
$m31 << EOD
"M2" 27.8312022 102.430257
EOD
$m32 << EOD
"M2" -12.4809478 39.8063
EOD
$m33 << EOD
"M2" 40.3770846 74.0499439
EOD
$m34 << EOD
"M2" 0.033706193 0.0510661575
EOD
$m35 << EOD
"M2" 0.523695999 0
EOD
$m36 << EOD
"M2" 0.00690001104 0
EOD
$m37 << EOD
"M2" 0.523695999 0
EOD
$m38 << EOD
"M2" 0.632201012 0
EOD
$m39 << EOD
"M2" 0.0126000101 0
EOD
$m40 << EOD
"M2" 0.00114034905 0
EOD
$m41 << EOD
"M2" 0.00126000101 0
EOD
$m42 << EOD
"M2" 0.427068001 0
EOD
$m43 << EOD
"M2" 0.000570206393 0
EOD
$m44 << EOD
"M2" 0.0213800171 0
EOD
$m45 << EOD
"M2" 0.21312514 0
EOD
set multiplot layout 16,3 title 'Machines (legend: tickstat report); bars: mean over runs, 95 % intervals'
set style fill solid 0.5
set boxwidth 0.6
set key off
set yrange [*<0:0<*]
set offsets 0.5, 0.5, 0, 0
set xlabel ''
set title 'read rdtsc p50'
set ylabel 'ns'
plot $m0 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'read rdtsc_ordered p50'
set ylabel 'ns'
plot $m1 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'read rdtscp p50'
set ylabel 'ns'
plot $m2 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'read hpet p50'
set ylabel 'ns'
plot $m3 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'read pmtimer p50'
set ylabel 'ns'
plot $m4 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'read pit p50'
set ylabel 'ns'
plot $m5 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'read lapic p50'
set ylabel 'ns'
plot $m6 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'arm lapic-tmict p50'
set ylabel 'ns'
plot $m7 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'arm eoi-xapic p50'
set ylabel 'ns'
plot $m8 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'arm hpet-cmp p50'
set ylabel 'ns'
plot $m9 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'arm pit-reload p50'
set ylabel 'ns'
plot $m10 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'arm eoi-8259 p50'
set ylabel 'ns'
plot $m11 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency pit/hlt p50'
set ylabel 'ns'
plot $m12 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency pit/hlt p99'
set ylabel 'ns'
plot $m13 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency lapic/hlt p50'
set ylabel 'ns'
plot $m14 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency lapic/hlt p99'
set ylabel 'ns'
plot $m15 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency hpet/hlt p50'
set ylabel 'ns'
plot $m16 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency hpet/hlt p99'
set ylabel 'ns'
plot $m17 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency ipi/hlt p50'
set ylabel 'ns'
plot $m18 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency ipi/hlt p99'
set ylabel 'ns'
plot $m19 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency pit/mwait:C1 p50'
set ylabel 'ns'
plot $m20 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency pit/mwait:C1 p99'
set ylabel 'ns'
plot $m21 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency lapic/mwait:C1 p50'
set ylabel 'ns'
plot $m22 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency lapic/mwait:C1 p99'
set ylabel 'ns'
plot $m23 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency hpet/mwait:C1 p50'
set ylabel 'ns'
plot $m24 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency hpet/mwait:C1 p99'
set ylabel 'ns'
plot $m25 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency ipi/mwait:C1 p50'
set ylabel 'ns'
plot $m26 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'latency ipi/mwait:C1 p99'
set ylabel 'ns'
plot $m27 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'direct cost pit periodic ioapic spin cpus=1 HZ=1000'
set ylabel 'ns'
plot $m28 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'direct cost lapic periodic local spin cpus=1 HZ=1000'
set ylabel 'ns'
plot $m29 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'direct cost hpet periodic ioapic spin cpus=1 HZ=1000'
set ylabel 'ns'
plot $m30 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share pit periodic ioapic spin cpus=2 HZ=1000'
set ylabel '% of the CPU'
plot $m31 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share pit periodic ioapic matrix cpus=2 HZ=1000'
set ylabel '% of the CPU'
plot $m32 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share lapic periodic local spin cpus=2 HZ=1000'
set ylabel '% of the CPU'
plot $m33 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share lapic periodic local matrix cpus=2 HZ=1000'
set ylabel '% of the CPU'
plot $m34 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share pit periodic ioapic matrix cpus=1 HZ=1000'
set ylabel '% of the CPU'
plot $m35 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share pit periodic ioapic spin cpus=1 HZ=1000'
set ylabel '% of the CPU'
plot $m36 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share lapic periodic local matrix cpus=1 HZ=1000'
set ylabel '% of the CPU'
plot $m37 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share lapic periodic local spin cpus=1 HZ=1000'
set ylabel '% of the CPU'
plot $m38 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share hpet periodic ioapic spin cpus=1 HZ=1000'
set ylabel '% of the CPU'
plot $m39 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share hpet periodic ioapic ftq cpus=1 HZ=100'
set ylabel '% of the CPU'
plot $m40 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share hpet periodic ioapic spin cpus=1 HZ=100'
set ylabel '% of the CPU'
plot $m41 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share hpet periodic ioapic ftq cpus=1 HZ=1000'
set ylabel '% of the CPU'
plot $m42 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share lapic periodic local ftq cpus=1 HZ=100'
set ylabel '% of the CPU'
plot $m43 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share lapic periodic local spin cpus=1 HZ=100'
set ylabel '% of the CPU'
plot $m44 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
set title 'CPU share lapic periodic local ftq cpus=1 HZ=1000'
set ylabel '% of the CPU'
plot $m45 using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', '' using 0:2:3 with yerrorbars lc black pt 0
unset multiplot
