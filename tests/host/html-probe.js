// Run in a copy of a tickstat HTML report by tests/host/tickstat-html.sh: each
// chart as Chromium laid it out (its size, its data marks and those drawn with
// an extent), written into the page for --dump-dom to show.
(function () {
	const out = [];
	for (const svg of document.querySelectorAll('svg.chart')) {
		const box = svg.getBoundingClientRect(), marks = svg.querySelectorAll('.data');
		let drawn = 0;
		for (const m of marks) {
			const b = m.getBBox();
			drawn += m.tagName === 'rect' ? b.width > 0 && b.height > 0 : b.width > 0 || b.height > 0;
		}
		out.push({ title: svg.getAttribute('aria-label'), marks: marks.length, drawn: drawn,
			   width: box.width, height: box.height });
	}
	const pre = document.createElement('pre');
	pre.id = 'probe';
	pre.textContent = JSON.stringify(out);
	document.body.appendChild(pre);
})();
